(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-6f.js"]={"join":"cb+c+jf+`+bm+bi+++"};
