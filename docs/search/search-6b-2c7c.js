(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-2c7c.js"]={"kⱼ":"dgb/"};
