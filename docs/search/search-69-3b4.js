(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-3b4.js"]={"iδθᵢ":"acb/a/"};
