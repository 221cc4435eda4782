(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2080.js"]={"w₀":"uv;//`/f/`/","w₀x":"uv;/g/"};
