(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6c.js"]={"oleg":"xja/"};
