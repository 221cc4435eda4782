(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-62.js"]={"rb":"ou/","rba":"du/f/b/","rbax":"du//"};
