(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-2081.js"]={"c₁":"jka/}/","c₁l":"mka/h/"};
