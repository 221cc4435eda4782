(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-65.js"]={"cell":"qf/l/`7c'","cells":"fg/"};
