(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-39.js"]={"79":"uf;","797":"de//tg/~p/"};
