(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-30.js"]={"80":[713,16],"8000":[0,16]};
