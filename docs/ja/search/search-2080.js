(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2080.js"]={"₀":"ab/f/`ka;rtG/"};
