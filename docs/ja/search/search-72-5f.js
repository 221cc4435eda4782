(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-5f.js"]={"r_key":[812,8,2,8],"r_δ":[791,32,20,16,1,16,2,16]};
