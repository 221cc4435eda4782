(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77.js"]={"w":"nn'mWw'gb'ya'cc/"};
