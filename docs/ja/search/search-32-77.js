(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-77.js"]={"2w":"}ma/"};
