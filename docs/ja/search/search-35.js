(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35.js"]={"5":"de//cf/~;d;a/faSt/ya/se/bdS`bStfSG/;/lb;bd;qcSac;x/e;~Gdf/pc;ceS"};
