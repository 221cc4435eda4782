(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4-209c.js"]={"δₜ":"jla/~;b/a;"};
