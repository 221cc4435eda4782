(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-209c.js"]={"mₜ":"`baG/k/`//a/f/i/"};
