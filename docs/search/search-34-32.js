(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-32.js"]={"42":"ev/ug/","421":"ev/","423":"ar/","424":"|}/"};
