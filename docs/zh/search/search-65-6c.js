(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-6c.js"]={"elcnd":"qsa/","elementwise":"p~''qe'''e'u'''e'","elementwise_affine":"p~7+qe7++e+u7++e+","ell":"go;xa;c/"};
