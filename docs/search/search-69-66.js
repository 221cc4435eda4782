(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-66.js"]={"if":"ha/fa/g/ff/~b/n/m/m/jbGic/cb/k/n/m/m/c/pa/bc/oc/y/c/la/v/c/`b/xa/vc;d/ma/qb/ic/}a/ed/e/a/ma/ha/a/h/lb/e/d/kd/"};
