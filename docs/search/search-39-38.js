(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-38.js"]={"98":"vz/ih/hj/eg/","980":"lna/","989":"lna;"};
