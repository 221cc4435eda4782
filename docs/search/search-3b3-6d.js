(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-6d.js"]={"γmax_a":"ega/i/"};
