(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-209c.js"]={"xₜ":"`aSua;"};
