(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-72.js"]={"create":"ki+","cross":"sc'ts'","cross_entropy":"sc+ts+","crossentropyloss":"wu/"};
