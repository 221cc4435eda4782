(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-32.js"]={"32":"sl''b'o/ki''d;ob''","321":"~v;"};
