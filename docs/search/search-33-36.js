(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-36.js"]={"36":"`a/se;","360":"de/a/laSsuG","362":"xja/","367":"iz/","369":"pcbG"};
