(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-37.js"]={"77":"fha/wy/`b/"};
