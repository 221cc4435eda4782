(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-70.js"]={"cpu":"/`b/`+`f/j/s/adSlcSnbGsc;b/f+d'b'n'`'l/"};
