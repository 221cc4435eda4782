(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-75.js"]={"jumps":[713,16],"just":[2,16,412,16]};
