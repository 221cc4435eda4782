(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-5f.js"]={"r_key":"ez+`+","r_δ":"oy;r//`/"};
