(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-3c6.js"]={"xφ":[496,16,25,16,6,16]};
