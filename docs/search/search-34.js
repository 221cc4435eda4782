(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34.js"]={"4":"`aG~/oa;ac/qc/oa;aS;a;a;;a;p/oaSfh/~Sa/}bS;}Soa/nSfSc;;ec/qeSbdGqcSe;ha/oaSx//d/ba/{aScd/ya/ta;x/fbS~/~SbG`/k//b/ga/"};
