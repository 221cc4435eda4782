(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-5f.js"]={"r_key":"nkb+`+","r_δ":"xjb;r//`/"};
