(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a.js"]={"j":"pl;d=-91/d/xe;r;ueSd;cSe/k;/i/7+"};
