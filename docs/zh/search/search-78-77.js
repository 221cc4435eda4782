(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-77.js"]={"xw₁":"du/;g//a;`/////"};
