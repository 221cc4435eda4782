(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2081.js"]={"₁":"`aSd/;=%%1%1=%oSe///h111%%cI%%%%%re;m/dd/c;{b;a/a/ng;~G`/ae;n;`bSi/`/a;//`;f/rSa;dc/|dG//`/`//ktS/};"};
