(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-209c.js"]={"aₜ":"xja;`;;o/d/ua;"};
