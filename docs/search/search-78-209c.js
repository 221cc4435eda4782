(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-209c.js"]={"xₜ":"`aSk/qSa//e1%%%I%%%I%%1%G/`/U1%%%%f//d/ga/f/qc;oa;m;qca/y/`/{/"};
