(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2081.js"]={"₁":"`aSd/;=%%1%1=%oSe///h111%%cI%%%%%re/oa/m/cc/c;{b;a/a/oh;~G`/ae;n;`bSi/`/a;//`;f/rSa;dc/|dG//`/`//ktS/};"};
