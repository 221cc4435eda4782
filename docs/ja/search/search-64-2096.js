(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-2096.js"]={"dₖ":"op/h;d/}fGq/`/a/m;l/kf/va/"};
