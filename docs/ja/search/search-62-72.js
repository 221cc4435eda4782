(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-72.js"]={"branch":"cs/","brans":"oqa/bd/","brant":"oqa/bd;","brox":"rc/"};
