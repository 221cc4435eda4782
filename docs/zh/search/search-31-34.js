(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-34.js"]={"14":[713,16],"143":[713,16],"146":[713,16]};
