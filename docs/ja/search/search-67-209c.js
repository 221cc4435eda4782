(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-209c.js"]={"gₜ":"{i;i;`/b/o/fG","gₜ²":"{i/p/"};
