(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-68.js"]={"ahmed":"`q/}pa/"};
