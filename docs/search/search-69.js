(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69.js"]={"i":"ca+d+{e+y'va;rbGdU-91/d/xe;r;ia/c/ua''sa;e/oSd;cSe/k//iG7+"};
