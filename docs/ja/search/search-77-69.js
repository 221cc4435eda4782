(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-69.js"]={"wikitext":[713,16],"with":[197,4,86,4,106,16,25,4,10,4,28,4,1,4,8,4,156,4,10,4,133,16],"with_name":[197,8,86,8]};
