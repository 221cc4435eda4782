(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68.js"]={"h":"plGa//sd/n+++di+a+++"};
