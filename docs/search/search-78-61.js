(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-61.js"]={"xavier":"av3","xavier_uniform_":"av+"};
