(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-37.js"]={"97":"}oa/","974":"dgb/","975":"|~a/","976":"|~a;"};
