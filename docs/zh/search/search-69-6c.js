(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-6c.js"]={"il":[795,16],"ilya":[349,16,172,16]};
