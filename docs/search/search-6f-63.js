(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-63.js"]={"occur":"qsa/g/","occurred":"lj/","occurs":"n`a/"};
