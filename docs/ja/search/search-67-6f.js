(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6f.js"]={"god":"tva/bd/","goodfellow":"`q/"};
