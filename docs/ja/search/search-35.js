(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35.js"]={"5":"de//sf/~;d;a/faSt/ya/tf/bdS`bStfSG/;/lb;bd;qcSac;x/e;~G~a;cd/pc;ceS"};
