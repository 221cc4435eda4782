(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-5f.js"]={"x_even":"{x++","x_odd":"{x++","x_pass":"zx+b+","x_rope":"zx++"};
