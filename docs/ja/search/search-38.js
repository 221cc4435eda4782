(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38.js"]={"8":"o;n/~;oaSoa;aSa;j;b;j;lSb;qg;nS;a;b;G;a;qSb;f;;c;|Se;piSoa;bdGnSdSSa;;;c;`;sh;bd/qcSoaGb/ka;bdGug/bd/~Sb/"};
