(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33.js"]={"3":[209,16,205,48,27,16,5,32,1,16,49,16,21,16,4,16,154,16,109,16]};
