(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-72.js"]={"branch":"cg/","brans":"jm/lc/","brant":"jm/lc;"};
