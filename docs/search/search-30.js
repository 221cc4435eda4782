(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30.js"]={"0":";wb;f/k/qiGia//mS;;//~a/{Si/q/`S/v;faG/o/lS/c/mS;;;;/hG}b;`/h/va/j;~;`b;c/`/x;o/ea/`/"};
