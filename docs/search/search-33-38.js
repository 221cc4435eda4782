(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-38.js"]={"38":"|}/cfa/","380":"ewa/zl/","382":"}oa/","385":"beb/","386":"beb/","388":"jla;"};
