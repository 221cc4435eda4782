(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-31.js"]={"91":"uf;yla/dv/","911":"xza/","912":"qsa/","913":"wjb;"};
