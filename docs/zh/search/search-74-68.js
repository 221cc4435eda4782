(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-68.js"]={"than":"ev/","that":"ar/bdG","the":"{l/ce;bdSwd/","theta":"faa+`+","this":"ev/","threads":"f`a'"};
