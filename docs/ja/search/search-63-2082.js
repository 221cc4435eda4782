(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-2082.js"]={"c₂":"kka/|/","c₂eₜ":"mka/h/"};
