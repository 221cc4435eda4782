(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-69.js"]={"rico":"dfa/","right":"|ma+","ring":"pqG"};
