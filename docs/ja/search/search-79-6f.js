(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"yode":"qsa;","yon":"qsa/","you":"tfa/pb0$$$$$$$$$$$$$$$$$$$$$$$$$$$li/~/`b/ac/~/oa/pb/pb/~/"};
