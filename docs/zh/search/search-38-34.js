(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-34.js"]={"84":"~o;","841":"rc/ac;"};
