(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-37.js"]={"87":"pq;zl/jl;","876":"qsa/"};
