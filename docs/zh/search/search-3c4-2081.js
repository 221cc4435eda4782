(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c4-2081.js"]={"τ₁":"`a/b/"};
