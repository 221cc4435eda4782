(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c4.js"]={"τ":"aa1%ui;pcaSaS//jaS"};
