(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-73.js"]={"json":"cg'c7`'g7b+pe/lc/df/ha7"};
