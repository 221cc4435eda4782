(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-3c4.js"]={"_τᵢ":"`a;c//Sb;;//","_τ₀":"`a/d/"};
