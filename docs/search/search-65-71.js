(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-71.js"]={"equal":"ej/gu/df/`b/n/yd/zn/~+ib/ii/","equally":"~o/","equation":"ffa/pd/","equations":"ega/"};
