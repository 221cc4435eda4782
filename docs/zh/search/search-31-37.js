(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-37.js"]={"17":"`a/~p/bd/","173":"ev/","174":"ev/"};
