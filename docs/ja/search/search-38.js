(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38.js"]={"8":"o;n/~;oaSoa;aSa;j;b;j;lSb;nd;nS;a;b;G;a;qSb;f;;c;|Se;`iSoa;bdGnSdSSa;;;c;`;sh;bd/qcSoaGb/ka;bdGug/bd/~Sb/"};
