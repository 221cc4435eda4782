(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-64.js"]={"4d":"ewa;","4d_model":"hwa/d//","4d²":"ewa;"};
