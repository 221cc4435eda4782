(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-74.js"]={"xticks":"y~'"};
