(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-35.js"]={"35":"rc/ac;naaSbd/qc/|n/","350":"{l/","352":"vw;ew;","354":"ewa/","355":"ewa/","359":"|~a/"};
