(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-6c.js"]={"nll":"vna7c+","nlp":"wh/uha/se/"};
