(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-39.js"]={"49":"ufSj}a/","493":"z{/`ca/"};
