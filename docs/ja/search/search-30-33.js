(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-33.js"]={"031":"qsa/dv/","034":"pcb/","035":"pcb/","036":"uhb/","038":"pba/","039":"wjb/"};
