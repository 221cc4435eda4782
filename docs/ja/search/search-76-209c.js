(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-209c.js"]={"vₜ":"`baS/k/`/`/`/c;/k/"};
