(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-31.js"]={"91":"uf;tga/dv/","911":"sua/","912":"lna/","913":"reb;"};
