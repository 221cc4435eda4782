(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-33.js"]={"43":"{l/|n;ikG|n/","432":"|~a/","433":"|~a;","434":"|~a/","437":"de/oa/ew/"};
