(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-e2-209c.js"]={"âₜ":"giaG`/a;`/xa/nS/c/;"};
