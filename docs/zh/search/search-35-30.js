(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-30.js"]={"50":"jm;lcG","500":"xp/","504":"xp/"};
