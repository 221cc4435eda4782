(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-209a.js"]={"xₚ":"opa/gi/g//g/"};
