(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-31.js"]={"11":"lh/","112":"|}/","117":"|}/","119":"|}/"};
