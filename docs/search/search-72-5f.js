(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-5f.js"]={"r_key":"gca+`+","r_δ":"qba;r//`/"};
