(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-30.js"]={"50":"ar;bdG","500":"ev/","504":"ev/"};
