(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-68.js"]={"ahead":"jla/~;wiS","ahmed":"`q/}pa/"};
