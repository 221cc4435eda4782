(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-32.js"]={"12":"xp;df;","120":"tf/","127":"/","128":"jmSlcSdf;"};
