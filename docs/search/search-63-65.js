(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-65.js"]={"cell":"gh/l/`7c'","cells":"{h/"};
