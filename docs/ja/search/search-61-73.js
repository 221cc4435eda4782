(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-73.js"]={"ascii":"hg'","asdict":"kd+}+"};
