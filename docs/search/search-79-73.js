(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-73.js"]={"yscale":"kf'{'`'xm'tg'"};
