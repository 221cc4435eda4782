(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-75.js"]={"out":"um+ep/ea+a++","output":"bw+ba+s+z+","outputs":"wh+"};
