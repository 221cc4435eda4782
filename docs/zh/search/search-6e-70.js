(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-70.js"]={"nproc_per_node":"ar/"};
