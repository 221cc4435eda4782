(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-32.js"]={"32":[392,4,1,4,4,4,17,16,292,4,1,4,6,32,79,4,1,4],"321":[713,32]};
