(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-2081.js"]={"c₁":"}na/}/","c₁l":"aoa/h/"};
