(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-2082.js"]={"c₂":"yia/|/","c₂eₜ":"{ia/h/"};
