(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3-5f.js"]={"σ_":"z{;h//eb;h//","σ_b":"}f/","σ_b²":"gxSj/c/","σ_bςₐ":"}f/a/","σ_τᵢ":"ga/b/","σ_τᵢz":"na/","σ_τᵢ²":"ma/"};
