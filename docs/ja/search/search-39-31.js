(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-31.js"]={"91":"uf;fia/dv/","911":"ewa/","912":"}oa/eg/","913":"dgb;"};
