(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-209c.js"]={"mₜ":"{i;/k/`//a/f/i/"};
