(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-6f.js"]={"ioannis":"fha/","ioffe":"vw/n/"};
