(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-2080.js"]={"v₀":"wca/a/"};
