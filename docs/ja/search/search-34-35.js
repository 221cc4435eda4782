(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-35.js"]={"45":"pq/gy/tvG","450":"n`a/mo;xj/","454":"n`a/","459":"}oa;xj/"};
