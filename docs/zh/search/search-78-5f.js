(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-5f.js"]={"x_even":"kaa++","x_odd":"kaa++","x_pass":"jaa+b+","x_rope":"jaa++"};
