(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-36.js"]={"06":"lna/","061":"k}a;","067":"k|/}`a;"};
