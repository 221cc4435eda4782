(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-6f.js"]={"docs":"/","docstring":"/","dot":"vy'","double":"i~+","download":"{g+d+"};
