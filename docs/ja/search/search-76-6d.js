(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-6d.js"]={"vmax":"lf+{+cf+","vmin":"lf+{+cf+"};
