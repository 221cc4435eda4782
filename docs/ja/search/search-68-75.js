(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-75.js"]={"hutter":"mn/"};
