(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-33.js"]={"23":[713,16],"233":[713,16]};
