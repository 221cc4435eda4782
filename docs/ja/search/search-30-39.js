(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-39.js"]={"09":"~v/","090":"~v/"};
