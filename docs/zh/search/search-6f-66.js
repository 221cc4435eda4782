(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-66.js"]={"of":"{i/lc/lc;","off":"xp/","offset":"tx7a+k++","ofir":"pl/"};
