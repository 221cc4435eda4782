(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-6d.js"]={"tmp":"pg+qe+nb+pb++oa+`a+mg/gc+r~+id+"};
