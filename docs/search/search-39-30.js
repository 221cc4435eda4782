(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-30.js"]={"90":"bc/","900":"jm/~/"};
