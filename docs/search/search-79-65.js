(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-65.js"]={"yejin":"zla/","yelong":"du/","yet":"nda/db/oa/fe/~c/"};
