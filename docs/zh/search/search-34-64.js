(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-64.js"]={"4d":"ev;","4d_model":"hv/d//","4d²":"ev;"};
