(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-2080.js"]={"p₀":"~ia/"};
