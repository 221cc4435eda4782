(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-33.js"]={"031":"lna/dv/","034":"k}a/","035":"k}a/","036":"pcb/","038":"k|/","039":"reb/"};
