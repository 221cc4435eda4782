(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-209a.js"]={"xₚ":[406,16,211,16,9,16,1,16,9,16]};
