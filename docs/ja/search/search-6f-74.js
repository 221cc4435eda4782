(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-74.js"]={"othe":"qsa/","other":"h|+"};
