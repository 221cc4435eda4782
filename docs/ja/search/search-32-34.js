(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-34.js"]={"24":"uf/ug/jl/~/`b/km/su/","240":"jla/"};
