(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"yode":"qsa;","yon":"qsa/","you":"/sfa/pb0$$$$$$$$$$$$$$$$$$$$$$$$$$$li/~/`b;ac/~/oa/oa/~/aa/ma/~/"};
