(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-6c.js"]={"elcnd":"}oa/","elementwise":"|z''qe'''e'u'''e'","elementwise_affine":"|z7+qe7++e+u7++e+","ell":"dl;xa;c/"};
