(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-71.js"]={"sqrt":"tj+`+ob+id+~+na+h+qf+"};
