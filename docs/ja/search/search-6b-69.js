(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-69.js"]={"kind":[220,8,5,8],"kingma":[307,16]};
