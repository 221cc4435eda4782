(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74.js"]={"t":"`a;ia/e+zd+++heSd//k;`777`///caSeg/ah+"};
