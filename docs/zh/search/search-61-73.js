(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-73.js"]={"ascii":"}h'","asdict":"je+}+"};
