(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65.js"]={"e":[109,8,93,8,39,8,63,8,182,8,4,8,265,8,5,64,30,16]};
