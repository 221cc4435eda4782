(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-32.js"]={"628":"k}a/","629":"lna/"};
