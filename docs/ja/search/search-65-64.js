(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-64.js"]={"edward":"uv/"};
