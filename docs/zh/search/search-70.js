(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70.js"]={"p":[53,16,94,8,160,16,189,16,64,8,53,8,14,16,5,16,52,8,8,64,12,64,2,16,3,32,1,32,25,8]};
