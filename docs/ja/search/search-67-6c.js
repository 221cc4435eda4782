(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6c.js"]={"gl":"z{/","gloo":"wt/","glorot":"ry/iba/","glu":"moa/ceS/lAd5)%)","glu_feed_forward":"rta;s+","glu_variants":"bua+e+`+"};
