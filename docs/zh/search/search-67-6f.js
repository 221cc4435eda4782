(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6f.js"]={"god":"asa/bd/","goodfellow":"|m/"};
