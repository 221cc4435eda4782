(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-37.js"]={"87":"|m;ik/jl;","876":"lna/"};
