(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36.js"]={"6":"kl/oa/lnSgi/xj/bd/ac/ug/"};
