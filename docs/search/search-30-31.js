(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-31.js"]={"01":"`a/tvSjl//cc//}c/","010":"ewa/","011":"ewa/","014":"mn/","017":"|~a;ce/","018":"mn/","01²":"ewa/s/a/"};
