(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-37.js"]={"97":[521,16],"972":[713,16]};
