(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-38.js"]={"98":"{`a/ih/hj/eg/","980":"qsa/","989":"qsa;"};
