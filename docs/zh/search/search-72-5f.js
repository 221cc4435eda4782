(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-5f.js"]={"r_key":"zgb+`+","r_δ":"egb;r//`/"};
