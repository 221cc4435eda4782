(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-69.js"]={"given":"dm+ob+","givesin":"oqa/bd/"};
