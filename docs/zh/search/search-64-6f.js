(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-6f.js"]={"docs":"/","dot":"ws'","double":"kw+","download":"if+d+"};
