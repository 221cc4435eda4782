(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-77.js"]={"swish":"xu1","swish_β":"xu/","swish₁":"xu/"};
