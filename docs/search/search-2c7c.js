(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2c7c.js"]={"ⱼ":"mma/~r;/b/y;ac/"};
