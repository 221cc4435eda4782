(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-209c.js"]={"vₜ":"egaS/k/`/`/`/c;/k/"};
