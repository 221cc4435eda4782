(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3.js"]={"γ":"xy/`/;qc/pb/m/`/e/xe/n;aS/}c/~S"};
