(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-74.js"]={"it":[414,32,107,64],"item":[145,8],"items":[184,8,34,8,148,8,128,8,241,8]};
