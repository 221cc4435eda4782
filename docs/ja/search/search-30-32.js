(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-32.js"]={"02":"fv/v//","025":"ev/","02²":"ev/s///"};
