(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-79.js"]={"by":[521,16,217,4,1,4,1,4,1,4],"by_length":[738,8,1,8,2,8],"by_position":[738,8,2,8,1,8],"bytes":[229,4,1,4]};
