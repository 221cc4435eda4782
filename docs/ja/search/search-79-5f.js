(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-5f.js"]={"y_":"~`a/j/"};
