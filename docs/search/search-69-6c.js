(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-6c.js"]={"il":"igb/","ilya":"cea/`r/"};
