(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-32.js"]={"l2":"cea/"};
