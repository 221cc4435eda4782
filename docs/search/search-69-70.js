(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-70.js"]={"ipynb":"qr/","ipython":"aqO"};
