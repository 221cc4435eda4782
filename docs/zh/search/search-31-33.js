(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-33.js"]={"13":"`a/seSdf/xj/mo/bd/qc/bt/","130":"fha/","131":"jla;","1319":"ewa/","136":"fha;y{;","137":"fha;"};
