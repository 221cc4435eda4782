(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-75.js"]={"run":"b'lb/tb'+nd'ocGhb'b+","ruslan":"ny/"};
