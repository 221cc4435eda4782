(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-35.js"]={"05":"pq/gy/|n;","059":"qsa/"};
