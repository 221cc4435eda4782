(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-2081.js"]={"s₁":"dcb/"};
