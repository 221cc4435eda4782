(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6c.js"]={"ylabel":[248,4,493,4]};
