(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-75.js"]={"kumar":"qca/"};
