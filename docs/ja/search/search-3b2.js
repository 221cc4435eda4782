(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2.js"]={"β":"{lS"};
