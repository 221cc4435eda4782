(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-61.js"]={"yang":"dgb;","yaxis":"fu+"};
