(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-6f.js"]={"docs":"/","docstring":"/","dot":"ws'","double":"kw+","download":"if+d+"};
