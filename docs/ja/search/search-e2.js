(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-e2.js"]={"âₜ":"xjaG`/a;`/xa/nS/c/;"};
