(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3-5f.js"]={"σ_":"l};h//eb;h//","σ_b":"}f/","σ_b²":"xySj/c/","σ_bςₐ":"}f/a/","σ_τᵢ":"ga/b/","σ_τᵢz":"na/","σ_τᵢ²":"ma/"};
