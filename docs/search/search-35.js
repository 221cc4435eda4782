(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35.js"]={"5":"}n/ha/faSt/ya/eg/bdS`bGtfSG/;/lb;bd;qcSac;x/e;~Gdf/pc;ceS"};
