(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-66.js"]={"if":"ha/fa/g/kf/j/fcGic/sb/k/n/m/n/d/qc/oc/y/c/la/v/c/`b/xa/vc;d/ma/qb/ic/}a/ed/e/a/ma/ha/a/h/lb/e/d/kd/"};
