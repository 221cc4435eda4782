(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c.js"]={"l":"wh/ws/aa/b/dbSf/;;;;lf'|b//c//b/g;e//`;ozG`///;"};
