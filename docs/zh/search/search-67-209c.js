(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-209c.js"]={"gₜ":"qca;i;`/b/o/lGac/aSa/","gₜ²":"qca/p/"};
