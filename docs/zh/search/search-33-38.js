(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-38.js"]={"38":"pba/cfa/","380":"uhb/","382":"qsa/","385":"uhb/","386":"uhb/","388":"}oa;"};
