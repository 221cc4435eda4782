(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-69.js"]={"given":"wp+ob+","givesin":"tva/bd/"};
