(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-72.js"]={"or":"c|Gkf/","origin":"og'"};
