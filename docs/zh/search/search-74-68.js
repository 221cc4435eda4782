(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-68.js"]={"than":"xp/","that":"jm/lcG","the":"{i/lc;lcSuc/","theta":"vx+`+","this":"xp/","threads":"hx'"};
