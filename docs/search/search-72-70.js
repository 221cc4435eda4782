(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-70.js"]={"rpartition":"nw+a+"};
