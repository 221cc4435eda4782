(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-1d62.js"]={"pᵢ":"wia;j/e//c//lxSr/"};
