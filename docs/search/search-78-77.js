(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-77.js"]={"xwᵣ":"adb/g/","xw₁":"dva/;g//a;`/////"};
