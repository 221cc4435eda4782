(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-77.js"]={"xwᵣ":"obb/g/","xw₁":"rta/;g//a;`/////"};
