(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"yode":"lna;","yon":"lna/","you":"/naa/pb0$$$$$$$$$$$$$$$$$$$$$$$$$$$li/~/`b;ac/~/oa/oa/~/aa/ma/~/"};
