(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-35.js"]={"35":"rc/ac;naaSbd/qc/|n/","350":"{l/","352":"vw;ew;","359":"|~a/"};
