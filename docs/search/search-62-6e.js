(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6e.js"]={"bn":"lk''a''b'b'","bn0":"lk+b+","bn1":"mk+b+","bn2":"uk+b+"};
