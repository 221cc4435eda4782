(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-38.js"]={"78":"fha/","785":"}oa/","787":"|~a;"};
