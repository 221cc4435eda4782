(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-79.js"]={"gym":"}ka+ed+","gymnasium":"hja/n/~;pb/oa;~//o7"};
