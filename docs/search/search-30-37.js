(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-37.js"]={"07":"`a/se;","071":"k}a/","072":"k}a/","073":"k}a/","074":"k}a/"};
