(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-209a.js"]={"pₚ":[627,32,9,16]};
