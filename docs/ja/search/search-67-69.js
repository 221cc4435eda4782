(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-69.js"]={"givesin":"jm/lc/"};
