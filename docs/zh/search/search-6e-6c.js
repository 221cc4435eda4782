(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-6c.js"]={"nll":"{sa7c+","nlp":"wh/zma/se/"};
