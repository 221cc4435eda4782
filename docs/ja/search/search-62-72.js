(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-72.js"]={"branch":"xh/","brans":"ar/bd/","brant":"ar/bd;"};
