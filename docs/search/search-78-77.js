(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-77.js"]={"xwᵣ":"tgb/g/","xw₁":"wya/;g//a;`/////"};
