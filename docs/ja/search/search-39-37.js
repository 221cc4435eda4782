(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-37.js"]={"97":"ev/","972":"|}/"};
