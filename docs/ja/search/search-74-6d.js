(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-6d.js"]={"tmp":"pg+ei+nb+pb++oa+xa+fh/gc+r~+id+"};
