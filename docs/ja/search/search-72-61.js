(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-61.js"]={"radford":[521,16],"randint":[43,8],"rank":[46,8,2,8,39,8,13,8,18,8,47,8,6,8,86,8,2,8,1,16,2,8,2,8,3,8]};
