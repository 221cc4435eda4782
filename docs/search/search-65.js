(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65.js"]={"e":[109,8,93,8,39,8,63,8,80,16,102,8,4,8,158,16,5,16,102,8,5,64,30,16]};
