(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-34.js"]={"34":"k|/~p/","341":"lna/","348":"kl/{m/","349":"xja;"};
