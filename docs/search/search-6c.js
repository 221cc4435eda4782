(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c.js"]={"l":"`a/saaG`///;"};
