(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-72.js"]={"branch":"dt/","brand":"asa/bd/","brans":"ewa/","brox":"rc/"};
