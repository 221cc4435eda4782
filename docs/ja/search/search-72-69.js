(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-69.js"]={"rico":"~`a/","right":"wha+","ring":"|mG"};
