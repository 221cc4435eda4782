(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-38.js"]={"98":"}n/eg/","982":"|}/"};
