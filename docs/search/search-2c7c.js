(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2c7c.js"]={"ⱼ":"~na/~r;/b/y;ac/","ⱼ_":"dgb;"};
