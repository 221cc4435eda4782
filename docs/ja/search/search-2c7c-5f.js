(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2c7c-5f.js"]={"ⱼ_":"dgb;"};
