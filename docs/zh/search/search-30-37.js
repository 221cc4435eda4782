(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-37.js"]={"07":"`a/se;","071":"pcb/","072":"pcb/","073":"pcb/","074":"pcb/"};
