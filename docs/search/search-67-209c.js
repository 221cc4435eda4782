(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-209c.js"]={"gₜ":"`ba;i;`/b/o/lGac/aSa/","gₜ²":"`ba/p/"};
