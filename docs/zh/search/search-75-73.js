(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-73.js"]={"user":"so'a'","using":"yka/"};
