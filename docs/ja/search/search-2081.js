(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2081.js"]={"₁":"a;ua/ahGi/`/a;//`;f/lSa;"};
