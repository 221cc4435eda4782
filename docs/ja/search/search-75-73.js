(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-73.js"]={"user":"dp'a'","using":"kma/"};
