(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-38.js"]={"78":"yka/","785":"qsa/","787":"pcb;"};
