(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-38.js"]={"18":"ufGqs/ik/ug/dv/","180":"k|/","185":"oqa/bd/","187":"tfaG"};
