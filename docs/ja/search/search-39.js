(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39.js"]={"9":"jj/qd/eg/ug;"};
