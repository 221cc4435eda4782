(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-31.js"]={"51":"uf;exa;ce/","512":"mn/gi;bd;vh/kmGbdSac/rd/","513":"z{;"};
