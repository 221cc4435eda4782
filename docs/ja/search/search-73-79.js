(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-79.js"]={"sys":"ai+ga+fa+sh/`++b+vj+"};
