(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-75.js"]={"nullcontext":"~h+h+","num":"hx'","numel":"vd+|r+"};
