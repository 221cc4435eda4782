(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6c.js"]={"gl":"l}/","gloo":"hv/","glorot":"d{/iba/","glu":"~pa/ceG/lAd5)%)","glu_feed_forward":"dva;s+","glu_variants":"sva+e+`+"};
