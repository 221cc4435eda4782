(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-209c.js"]={"aₜ":"lna;`;;o/d/ua;"};
