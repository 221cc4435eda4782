(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-72.js"]={"branch":"vv/","brans":"tva/bd/","brant":"tva/bd;","brox":"rc/"};
