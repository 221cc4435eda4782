(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-39.js"]={"39":"~o/xzG","390":"vwa;","391":"n`aS"};
