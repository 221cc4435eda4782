(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-209a.js"]={"xₚ":"tua/gi/g//g/"};
