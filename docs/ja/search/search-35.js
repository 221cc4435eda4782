(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35.js"]={"5":"de//vi/~;d;a/faSt/ya/eg/bdS`bStfSG/;/lb;bd;qcSac;x/e;~Gdf/pc;ceS"};
