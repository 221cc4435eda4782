(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-32.js"]={"42":"uf/se/oa/tga/ug;","421":"sua/","422":"pcb;","423":"oqa/","424":"k}a/","428":"k}a/"};
