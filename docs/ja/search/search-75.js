(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75.js"]={"u":"~v;mb/n7e7"};
