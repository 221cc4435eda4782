(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-36.js"]={"76":"fha/","764":"jla/","769":"|~a/"};
