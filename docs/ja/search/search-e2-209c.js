(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-e2-209c.js"]={"âₜ":"xjaG`/a;`/xa/nS/c/;"};
