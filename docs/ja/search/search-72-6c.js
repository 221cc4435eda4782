(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-6c.js"]={"rl":"fhaGbd;"};
