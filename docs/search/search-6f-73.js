(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-73.js"]={"os":"sm+kb+a+a+bc+yb++rv+"};
