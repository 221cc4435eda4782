(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6e.js"]={"knomes":"qsa/","known":"zsa''","known_words":"zsa++"};
