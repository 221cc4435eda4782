(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-69.js"]={"mib":"is/","mike":"pl/","min":"mk//`/rc/~k/","minor":"}g'","missing":"kf'","missing_ok":"kf+"};
