(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-5f.js"]={"r_key":"ifb+`+","r_δ":"seb;r//`/"};
