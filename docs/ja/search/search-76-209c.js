(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-209c.js"]={"vₜ":"qcaS/k/`/`/`/c;/k/"};
