(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8-209c.js"]={"θₜ":"qcaSrSf;j/fSa;"};
