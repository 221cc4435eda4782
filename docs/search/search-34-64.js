(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-64.js"]={"4d":"xp;","4d_model":"{p/d//","4d²":"xp;"};
