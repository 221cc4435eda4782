(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2081.js"]={"₁":"`a;ua/bjGi/`/a;//`;f/rSa;"};
