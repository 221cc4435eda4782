(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-31.js"]={"01":[349,16,1,16],"01²":[542,16,3,16]};
