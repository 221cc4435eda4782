(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-35.js"]={"35":"rc/ac;|~Sbd/qc/|n/","350":"kl/","352":"ev;ew;","359":"k}a/"};
