(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-77.js"]={"swish":"sp1","swish_β":"sp/","swish₁":"sp/"};
