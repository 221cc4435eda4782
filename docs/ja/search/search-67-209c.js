(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-209c.js"]={"gₜ":"{l;i;`/b/o/lG","gₜ²":"{l/p/"};
