(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-31.js"]={"01":"`a/hzSjl//cc//}c/pr/","014":"pq/","017":"pcb;ce/","018":"pq/","01²":"n{a/a/"};
