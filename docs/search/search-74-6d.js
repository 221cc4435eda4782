(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-6d.js"]={"tmp":"|g++oa+xa+xs+"};
