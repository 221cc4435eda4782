(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-6e.js"]={"cnn":"a~'s'"};
