(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-2081.js"]={"c₁":"xia/}/","c₁l":"{ia/h/"};
