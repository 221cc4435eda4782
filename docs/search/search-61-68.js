(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-68.js"]={"ahead":"}oa/~;wi/","ahmed":"ct/nqa/"};
