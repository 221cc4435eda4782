(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-66.js"]={"if":"ja/ec/n/m/m/na/k/n/m/m/c/pa/rb/hg/e/a/ma/ha/a/h/lb/e/d/sc/"};
