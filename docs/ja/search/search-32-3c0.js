(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-3c0.js"]={"2π":"j|a;","2πk":"dn/"};
