(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-30.js"]={"50":[414,32,107,48],"500":[521,16],"504":[521,16]};
