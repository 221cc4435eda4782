(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-79.js"]={"by":"xp/}f''''","by_length":"xw++`+","by_position":"xw+`++","bytes":"kg''"};
