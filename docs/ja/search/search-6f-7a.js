(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-7a.js"]={"ozair":"|m/"};
