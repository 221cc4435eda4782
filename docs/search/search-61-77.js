(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-77.js"]={"away":"mn/|n/jl/","awkward":"oaa/"};
