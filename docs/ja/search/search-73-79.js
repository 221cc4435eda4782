(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-79.js"]={"sys":"kg+u+fa+df/`++b+oh+"};
