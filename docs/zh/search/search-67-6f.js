(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6f.js"]={"goodfellow":"|m/"};
