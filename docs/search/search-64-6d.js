(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-6d.js"]={"dmitry":"~`a/"};
