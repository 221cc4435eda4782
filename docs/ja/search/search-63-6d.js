(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-6d.js"]={"cmap":"lf+{+cf+nb+"};
