(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-6e.js"]={"mnih":"ega/"};
