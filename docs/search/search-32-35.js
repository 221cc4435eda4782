(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-35.js"]={"250":"xp/","256":"pl/w/~/{d/scG"};
