(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-31.js"]={"91":"uf;fia/dv/","912":"}oa/eg/","913":"dgb;"};
