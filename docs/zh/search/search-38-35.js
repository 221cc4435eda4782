(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-35.js"]={"85":"ufS"};
