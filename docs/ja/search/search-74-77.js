(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-77.js"]={"twereeld":"ewa/","two":"k~a''","two_i":"k~a++"};
