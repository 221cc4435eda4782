(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2080.js"]={"w₀":"du;//`/f/`/","w₀x":"du;/g/"};
