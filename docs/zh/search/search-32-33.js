(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-33.js"]={"23":"pq/}o/","232":"j{/","233":"j{/"};
