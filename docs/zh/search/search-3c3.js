(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3.js"]={"σ":"`a/|e/{f;fha/m/"};
