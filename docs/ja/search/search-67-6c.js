(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6c.js"]={"global":"kf'","gloo":"xj/","glorot":"o|/","glu":"/}o/ceS/lAd5)%)","glu_feed_forward":"du;s+","glu_variants":"su+e+`+"};
