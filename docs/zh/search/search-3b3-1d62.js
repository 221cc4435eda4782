(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-1d62.js"]={"γᵢ":"oaa;","γᵢx":"zaa/"};
