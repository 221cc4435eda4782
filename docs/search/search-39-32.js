(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-32.js"]={"92":"xja/","926":"reb;"};
