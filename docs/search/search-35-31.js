(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-31.js"]={"51":"uf;sva;ce/","512":"|m/fh;bd;vh/kmGbd;ac/rd/","513":"iz;"};
