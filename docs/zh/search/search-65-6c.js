(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-6c.js"]={"elcnd":"lna/","elementwise":"ky''qe'''e'u'''e'","elementwise_affine":"ky7+qe7++e+u7++e+","ell":"sk;xa;c/"};
