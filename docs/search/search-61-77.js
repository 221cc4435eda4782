(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-77.js"]={"away":"pq/mo/jl/","awkward":"cea/"};
