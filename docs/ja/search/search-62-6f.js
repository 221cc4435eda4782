(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6f.js"]={"bo":"~`a/","bool":"ly+tg+","boolean":"pg'","booleanoptionalaction":"pg+"};
