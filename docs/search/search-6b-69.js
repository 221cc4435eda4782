(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-69.js"]={"kind":"bs+c+{b/","king":"lna/","kingma":"`ba/","kiros":"vw/eg/"};
