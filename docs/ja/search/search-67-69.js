(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-69.js"]={"givesin":[414,16,107,16]};
