(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-209a.js"]={"xₚ":"ara/gi/g//g/"};
