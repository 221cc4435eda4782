(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-209c.js"]={"αₜ":"}n/"};
