(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-37.js"]={"87":"mn;jl/jl;","876":"}oa/"};
