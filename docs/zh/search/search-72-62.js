(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-62.js"]={"rb":"aw/","rba":"uv/f/b/","rbax":"uv//"};
