(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-6c.js"]={"nlp":[0,16,2,16,412,16,148,16]};
