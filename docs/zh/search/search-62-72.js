(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-72.js"]={"branch":"dt/","brans":"asa/bd/","brant":"asa/bd;","brox":"rc/"};
