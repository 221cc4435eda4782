(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-70.js"]={"epoch":[71,4,5,4,1,4,1,4,69,4,148,4],"epochs":[11,8,66,8,337,16],"eps":[309,40,1,8,1,8,40,8,27,24,1,8,2,8,1,8,90,8,1,8]};
