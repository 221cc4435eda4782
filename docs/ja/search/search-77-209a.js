(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-209a.js"]={"wₚ":[534,16,20,16]};
