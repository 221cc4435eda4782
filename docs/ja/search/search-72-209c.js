(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-209c.js"]={"rₜ":"`la/jbGa//;`S/`;ua/nG/a/"};
