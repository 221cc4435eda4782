(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-2082.js"]={"b₂":"dvaG;/`/h;"};
