(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-32.js"]={"02":"yp/v//","025":"xp/","02²":"xp/s///"};
