(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6e.js"]={"bn":"`o''a''b'b'","bn0":"`o+b+","bn1":"ao+b+","bn2":"io+b+"};
