(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-70.js"]={"dpi":"zi+}t+"};
