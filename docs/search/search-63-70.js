(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-70.js"]={"cpu":"/`b/`+`f/j/s/adSlcSnb;sc;b/f+d'b'n'`'l/","cpus":"is/"};
