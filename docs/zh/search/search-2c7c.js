(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2c7c.js"]={"ⱼ":"rra/~r;/b/y;ac/"};
