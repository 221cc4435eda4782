(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c4-5f.js"]={"τ_s":"`a/b/"};
