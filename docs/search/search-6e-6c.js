(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-6c.js"]={"nll":"hpa7c+","nlp":"wh/gja/se/"};
