(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c.js"]={"l":"wh/fr/aa/b/dbSf/;;;;lf'|b//c//b/g;e//`;ozG`///;"};
