(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-39.js"]={"49":"ufSx{a/","493":"iz/`ca/"};
