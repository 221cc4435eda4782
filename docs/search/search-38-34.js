(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-34.js"]={"84":"kl;","841":"rc/ac;"};
