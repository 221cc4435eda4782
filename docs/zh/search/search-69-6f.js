(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-6f.js"]={"ioannis":"wia/","ioffe":"hy/n/"};
