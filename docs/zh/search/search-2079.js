(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2079.js"]={"⁹":[355,16,166,16]};
