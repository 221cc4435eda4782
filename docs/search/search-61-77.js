(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-77.js"]={"away":"|m/{m/jl/","awkward":"}~/"};
