(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-34.js"]={"64":"ub'io;ykSf'~a''"};
