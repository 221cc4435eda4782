(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-2080.js"]={"m₀":"wca/`/"};
