(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4.js"]={"δ":"vgaG`/ba/ld/a/pt/bd;`/`/"};
