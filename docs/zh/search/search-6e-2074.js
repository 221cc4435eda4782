(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-2074.js"]={"n⁴m":"yz;"};
