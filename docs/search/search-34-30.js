(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-30.js"]={"4000":[355,16,412,16],"405":[414,16,107,16],"407":[713,16]};
