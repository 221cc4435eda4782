(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-61.js"]={"xavier":"o|3","xavier_uniform_":"o|+"};
