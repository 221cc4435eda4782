(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-2096.js"]={"dₖ":"pl/h;d/ieGq/`/a/b;l/zd/da/"};
