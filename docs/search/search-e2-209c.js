(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-e2-209c.js"]={"âₜ":"lnaG`/a;`/xa/nS/c/;"};
