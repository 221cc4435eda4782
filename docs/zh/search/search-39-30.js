(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-30.js"]={"90":"ad/","900":"ar/~/"};
