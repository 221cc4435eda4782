(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70.js"]={"p":"ua/~b+ce/af/`b+ta+l/c/sa+fSjS`/a;;w+"};
