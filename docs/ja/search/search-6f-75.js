(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-75.js"]={"out":"uj+gl/ea+a++","output":"uq+z+s+o+","outputs":"bg+"};
