(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-69.js"]={"zihang":"dgb/","ziyu":"ega/"};
