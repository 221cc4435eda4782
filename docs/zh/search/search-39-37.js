(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-37.js"]={"97":"lna/eg/","974":"reb/","975":"k}a/","976":"k}a;"};
