(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-72.js"]={"create":[291,8],"cross":[113,4,611,4],"cross_entropy":[113,8,611,8],"crossentropyloss":[675,16]};
