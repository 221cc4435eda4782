(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-75.js"]={"hundredths":[713,32],"hutter":[349,16]};
