(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-37.js"]={"27":"m~/~GikGug/`r/","276":"j{;","277":"xza/ug/","278":"qsa/"};
