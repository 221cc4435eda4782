(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69.js"]={"i":"bb+d+rf+ka'ob;qcGdU-91/d/mg;};yc''pb;e/xSm;cSe/k//iG7+"};
