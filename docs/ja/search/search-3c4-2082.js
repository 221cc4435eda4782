(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c4-2082.js"]={"τ₂":"`a/"};
