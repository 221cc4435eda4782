(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-65.js"]={"cell":"wh+c'"};
