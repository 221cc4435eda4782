(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-79.js"]={"cycles":"}oa/"};
