(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2082.js"]={"w₂":"dvaG;a/h;`;;;;;/ga/"};
