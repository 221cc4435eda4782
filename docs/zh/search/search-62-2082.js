(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-2082.js"]={"b₂":[496,48,1,32,1,16,2,16,10,32]};
