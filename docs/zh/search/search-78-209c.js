(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-209c.js"]={"xₜ":[2,64,54,32]};
