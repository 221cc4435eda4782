(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-2080.js"]={"x₀":"`a;f/b/`/pSi11%%=%%1=%%1%m;a/hc/"};
