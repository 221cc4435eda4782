(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-38.js"]={"98":"h|/ih/hj/eg/","980":"}oa/","989":"}oa;"};
