(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-71.js"]={"sqrt":[331,8,2,8,79,8,135,8,32,8,47,8,10,8,205,8]};
