(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-79.js"]={"sys":[229,8,23,8,39,8,192,16,2,8,1,8,4,8,265,8]};
