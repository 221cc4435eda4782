(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-b2.js"]={"β²2":"d{/"};
