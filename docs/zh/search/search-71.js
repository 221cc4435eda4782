(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71.js"]={"q":"up''gg/fa/'`''pfSt/~''`''g''"};
