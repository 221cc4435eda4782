(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-70.js"]={"ipynb":"rs/","ipython":"qqO"};
