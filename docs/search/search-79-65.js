(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-65.js"]={"yejin":"lna/","yelong":"uv/","yet":"`fa/db/oa/fe/~c/"};
