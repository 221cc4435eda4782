(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b7.js"]={"η":"oGnSa/b;j/`eSq/qv/x/","η₃₂":"w~/","ηₜ":"ceaG","ηₜα":"cea/","ηₜλ":"cea/a/"};
