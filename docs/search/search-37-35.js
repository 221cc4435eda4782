(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-35.js"]={"75":"yka/bd/uw/","757":"uhb/","759":"qsa/"};
