(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-6d.js"]={"pm":"xy/o/"};
