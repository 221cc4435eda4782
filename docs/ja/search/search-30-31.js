(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-31.js"]={"01":"`a/cuSjl//cc//}c/pr/","014":"|m/","017":"k}a;ce/","018":"|m/","01²":"iva/a/"};
