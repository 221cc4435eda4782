(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-74.js"]={"http":"`/"};
