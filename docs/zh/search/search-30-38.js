(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-38.js"]={"08":"iz/","083":"k}a;","084":"uf/","089":"k}a;"};
