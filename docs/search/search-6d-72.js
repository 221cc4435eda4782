(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-72.js"]={"mr":"cia+"};
