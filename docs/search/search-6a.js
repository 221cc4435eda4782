(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a.js"]={"j":"op;d=-91/d/mg;};ogSm;cSe/k;/i/7+"};
