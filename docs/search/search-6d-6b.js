(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-6b.js"]={"mkdir":[202,8,80,8,472,8]};
