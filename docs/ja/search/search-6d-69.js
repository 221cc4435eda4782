(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-69.js"]={"mib":"hy/","mike":"op/","min":"}n//`/xd/jo/","minor":"xi'","missing":"}g'","missing_ok":"}g+"};
