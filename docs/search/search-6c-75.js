(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-75.js"]={"lu":[498,4,16,4,2,4,244,16],"luan":[521,16]};
