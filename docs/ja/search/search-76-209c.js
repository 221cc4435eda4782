(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-209c.js"]={"vₜ":"{l;/k/`/`/`/c;/k/"};
