(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-64.js"]={"4d":"xza;","4d_model":"{za/d//","4d²":"xza;"};
