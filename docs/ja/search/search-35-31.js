(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-31.js"]={"51":"uf;x{a;ce/","512":"pq/wi;bd;vh/kmGbd;ac/rd/","513":"n`a;"};
