(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-38.js"]={"08":"z{/","083":"|~a;","084":"uf/","089":"|~a;"};
