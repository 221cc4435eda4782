(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4.js"]={"δ":"jkaG`/ba/ld/a/pt/bd;`/`/"};
