(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-209c.js"]={"mₜ":"{l;/k/`//a/f/i/"};
