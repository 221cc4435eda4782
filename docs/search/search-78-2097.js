(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-2097.js"]={"xₗ":"yzS`;a;/"};
