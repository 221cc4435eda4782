(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-33.js"]={"43":"kl/{m;ikG|n/","432":"k}a/","433":"k}a;","434":"k}a/","437":"de/oa/su/"};
