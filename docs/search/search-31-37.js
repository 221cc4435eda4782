(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-37.js"]={"17":[2,16,412,16,107,16],"173":[521,16],"174":[521,16]};
