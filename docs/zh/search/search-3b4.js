(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4.js"]={"δ":"efaG`/ba/ld/a/pt/bd;`/`/"};
