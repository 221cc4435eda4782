(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35.js"]={"5":"jk/ha/faSt/ya/se/bdS`bGtfSG/;/lb;bd;qcSac;x/e;~Gdf/pc;ceS"};
