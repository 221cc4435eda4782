(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2081.js"]={"₁":"`aSd/;=%%1%1=%oSe///h111%%cI%%%%%re;ua/of/c;{b;a/a/`i;~G`/ae;n;`bSi/`/a;//`;f/rSa;dc/|dG//`/`//ktS/};"};
