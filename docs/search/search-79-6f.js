(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"you":"/jl/pb0$$$$$$$$$$$$$$$$$$$$$$$$$$$c/`b;ac/~/oa/oa/~/aa/ma/~/"};
