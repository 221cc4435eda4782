(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"yode":"lna;","yon":"lna/","you":"oaa/pb0$$$$$$$$$$$$$$$$$$$$$$$$$$$li/~/`b/ac/~/oa/pb/pb/~/"};
