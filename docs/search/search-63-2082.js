(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-2082.js"]={"c₂":"~na/|/","c₂eₜ":"aoa/h/"};
