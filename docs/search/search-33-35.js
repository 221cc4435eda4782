(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-35.js"]={"35":"rc/ac;beaSbd/qc/|n/","350":"~o/","352":"j{;ew;","359":"pcb/"};
