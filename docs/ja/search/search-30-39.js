(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-39.js"]={"09":"sfb/","098":"pcb;"};
