(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6c.js"]={"klimov":"xja/"};
