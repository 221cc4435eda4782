(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6e.js"]={"knomes":"lna/","known":"una''","known_words":"una++"};
