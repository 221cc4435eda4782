(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-6d.js"]={"vmax":"lf+{+fi+","vmin":"lf+{+fi+"};
