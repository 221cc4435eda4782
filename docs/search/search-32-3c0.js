(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-3c0.js"]={"2π":"{}a;","2πk":"tn/"};
