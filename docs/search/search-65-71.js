(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-71.js"]={"equal":"`i/gq/df/`b/n/yd/zn/~+ib/ii/","equally":"kl/","equation":"aaa/pd/","equations":"`ba/"};
