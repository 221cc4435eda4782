(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-34.js"]={"84":"{l;","841":"rc/ac;"};
