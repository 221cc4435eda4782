(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-30.js"]={"300":[414,16,107,16],"3072":[517,16]};
