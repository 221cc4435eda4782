(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-65.js"]={"jeffrey":"ewa/","jensen":"`q/"};
