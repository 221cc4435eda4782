(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6c.js"]={"slopes":"pqa'`+++b'"};
