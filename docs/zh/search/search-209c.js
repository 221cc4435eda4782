(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-209c.js"]={"ₜ":[2,16,305,64,11,16,9,48,6,16,2,16,14,64]};
