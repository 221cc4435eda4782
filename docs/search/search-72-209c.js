(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-209c.js"]={"rₜ":"lha/jbGa//;`S/`;ua/nG/a/"};
