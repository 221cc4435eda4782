(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-209c.js"]={"rₜ":"zfa/jbGa//;`S/`;ua/nG/a/"};
