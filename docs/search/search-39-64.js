(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-64.js"]={"9d":"ewa/"};
