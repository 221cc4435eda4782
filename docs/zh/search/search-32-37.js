(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-37.js"]={"27":"hy/~GikGug/`r/","276":"ev;","277":"sua/ug/","278":"lna/"};
