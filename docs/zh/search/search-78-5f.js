(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-5f.js"]={"x_even":[772,8,1,8],"x_odd":[772,8,1,8],"x_pass":[771,8,4,8],"x_rope":[771,8,1,8]};
