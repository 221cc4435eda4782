(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-6e.js"]={"fn":"|ia'd''"};
