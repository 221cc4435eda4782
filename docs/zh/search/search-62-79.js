(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-79.js"]={"by":"ev/oh''''","by_length":"v~++`+","by_position":"v~+`++","bytes":"ai''"};
