(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-3bb.js"]={"αλ":[349,64,3,16,1,16,204,16]};
