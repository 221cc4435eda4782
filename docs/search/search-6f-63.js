(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-63.js"]={"occur":"lna/g/","occurred":"di/","occurs":"iz/"};
