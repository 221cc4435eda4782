(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-209a.js"]={"pₚ":"t{a;g/"};
