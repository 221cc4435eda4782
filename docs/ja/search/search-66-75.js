(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-75.js"]={"full":"ia+za+yja+id'","full_like":"mra+","function":"sna'l'","functional":"mka+lr/bi+","functools":"lxa+","furu":"m~/"};
