(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-76.js"]={"xv":"eva/h/a/`/////"};
