(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-39.js"]={"39":"kl/gyG","390":"qra;","391":"izS"};
