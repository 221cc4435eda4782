(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-75.js"]={"nullcontext":"fk+h+","num":"f`a'","numel":"ue+{x+"};
