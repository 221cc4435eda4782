(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-70.js"]={"ipynb":[204,16],"ipython":[252,56]};
