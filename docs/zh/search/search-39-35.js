(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-35.js"]={"950":"ar/bd/"};
