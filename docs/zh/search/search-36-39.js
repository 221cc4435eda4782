(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-39.js"]={"69":"uf/eg/","692":"lna/|n/","697":"kl/"};
