(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6c.js"]={"slope":[389,64,324,16],"slopes":[389,48,1,22,1,2,1,10,1,10,1,10,4,4,315,16],"slow":[306,16]};
