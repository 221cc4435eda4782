(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-75.js"]={"yu":"~`a/","yunfeng":"~`a/"};
