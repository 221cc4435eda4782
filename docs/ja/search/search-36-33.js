(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-33.js"]={"63":"uf;bt/~;ik/ug/`r/","632":"}oa/","634":"ewa/","635":"|~a/"};
