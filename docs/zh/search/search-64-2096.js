(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-2096.js"]={"dₖ":"hd/c/`ma/h;d/}fGq/`/a/m;l/qg/dd/"};
