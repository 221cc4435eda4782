(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-76.js"]={"mv":"`da'w'"};
