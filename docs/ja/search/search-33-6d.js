(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-6d.js"]={"3m":"yz/"};
