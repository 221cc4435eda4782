(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-78.js"]={"txt":"|u/ke/bd/as/eg/ug/ce/`b/"};
