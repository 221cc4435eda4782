(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-79.js"]={"gym":"jha+ed+","gymnasium":"tfa/n/~;pb/oa;~//n7"};
