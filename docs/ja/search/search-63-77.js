(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-77.js"]={"cwd":"oy+"};
