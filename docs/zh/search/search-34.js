(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34.js"]={"4":"`aG~/oa;ac/`b/pb;aS;a;a;;a;p/oaSeg/~Sa/}bS;}Soa/nSfSc;;ec/qeSbdGqcSe;ha/oaSx//d/ba/{aScd/ya/ta;x/fbS~/~SbG`/k//b/ga/"};
