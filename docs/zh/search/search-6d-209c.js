(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-209c.js"]={"mₜ":"egaG/k/`//a/f/i/"};
