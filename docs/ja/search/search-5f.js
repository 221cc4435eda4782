(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f.js"]={"_":"|a+za+ao+r+sc+db+G"};
