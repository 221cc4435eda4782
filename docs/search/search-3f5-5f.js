(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3f5-5f.js"]={"ϵ_θ":"`a;h/`//qGa//r//`/i/b//c/oa/u/"};
