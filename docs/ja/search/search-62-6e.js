(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6e.js"]={"bn":"|k''a''b'b'","bn0":"|k+b+","bn1":"}k+b+","bn2":"fl+b+"};
