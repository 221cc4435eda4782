(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4-77.js"]={"δw":"uv/d/`/a/a/","δwx":"uv/"};
