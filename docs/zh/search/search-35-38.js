(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-38.js"]={"58":"uf;se;","580":"k}a;","588":"sua/"};
