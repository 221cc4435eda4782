(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-38.js"]={"48":"a/{v/","482":"jm/lc/"};
