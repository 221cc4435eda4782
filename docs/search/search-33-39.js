(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-39.js"]={"39":"{l/hzG","390":"cta;","391":"z{S"};
