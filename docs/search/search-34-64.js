(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-64.js"]={"4d":[521,32],"4d_model":[524,16,6,16,1,16],"4d²":[521,32]};
