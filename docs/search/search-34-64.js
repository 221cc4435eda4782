(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-64.js"]={"4d":"sua;","4d_model":"vua/d//","4d²":"sua;"};
