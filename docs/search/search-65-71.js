(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-71.js"]={"equal":"qj/gq/df/`b/n/yd/zn/~+ib/ii/","equally":"{l/","equation":"rba/pd/","equations":"qca/"};
