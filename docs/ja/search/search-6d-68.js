(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-68.js"]={"mha":"vxa<$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$"};
