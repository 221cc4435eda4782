(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-36.js"]={"06":"qsa/","061":"pcb;","067":"pba/}`a;"};
