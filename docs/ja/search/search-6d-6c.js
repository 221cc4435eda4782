(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-6c.js"]={"mlp":"rc/a7d+dk+a+"};
