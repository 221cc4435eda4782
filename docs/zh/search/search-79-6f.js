(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"you":"kl/pb0$$$$$$$$$$$$$$$$$$$$$$$$$$$c/`b/ac/~/oa/pb/pb/~/"};
