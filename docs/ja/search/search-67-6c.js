(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6c.js"]={"global":"le'","gloo":"qh/","glorot":"av/","glu":"/il/rcS/lAd5)%)","glu_feed_forward":"~o;s+","glu_variants":"np+e+`+"};
