(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-72.js"]={"branch":[221,16],"brans":[414,16,107,16],"brant":[414,16,107,32]};
