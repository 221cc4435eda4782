(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-75.js"]={"nullcontext":[279,8,10,8],"num":[753,4],"numel":[147,8,588,8]};
