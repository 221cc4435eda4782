(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-30.js"]={"709":"fha/"};
