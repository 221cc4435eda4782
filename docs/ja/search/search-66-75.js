(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-75.js"]={"full":"ia+za+tea+id'","full_like":"hma+","function":"nia'l'","functional":"hfa+lr/bi+","functools":"gsa+","furu":"hy/"};
