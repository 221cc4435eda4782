(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-39.js"]={"69":"uf/xj/","692":"qsa/|n/","697":"~o/"};
