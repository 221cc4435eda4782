(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-73.js"]={"rs":"lo+}oa+","rstrip":"es+"};
