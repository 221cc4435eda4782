(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-36.js"]={"36":"`a/se;","360":"de/a/laSewG","362":"jla/","367":"z{/","369":"bebG"};
