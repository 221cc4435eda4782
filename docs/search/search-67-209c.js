(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-209c.js"]={"gₜ":"ega;i;`/b/o/lGac/aSa/","gₜ²":"ega/p/"};
