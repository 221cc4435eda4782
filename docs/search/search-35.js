(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35.js"]={"5":"zk/ha/faSt/ya/tf/bdS`bGtfSG/;/lb;bd;qcSac;x/e;~G~a;cd/pc;ceS"};
