(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2080.js"]={"w₀":"iz;//`/f/`/","w₀x":"iz;/g/"};
