(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-67.js"]={"ngrams":"dpa+++"};
