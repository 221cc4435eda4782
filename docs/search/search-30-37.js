(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-37.js"]={"07":"`a/se;","071":"|~a/","072":"|~a/","073":"|~a/","074":"|~a/"};
