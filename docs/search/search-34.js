(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34.js"]={"4":[2,16,387,16,25,64,26,16,1,16,5,16,28,16,47,64,96,16,58,16,38,32,15,16]};
