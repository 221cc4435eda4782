(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-79.js"]={"gym":"xfa+ed+","gymnasium":"cea/n/~;pb/oa;~//o7"};
