(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-62.js"]={"rb":"tz/","rba":"iz/f/b/","rbax":"iz//"};
