(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-30.js"]={"60":[713,16],"600":[713,32]};
