(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-64.js"]={"vd":"ewa/o/"};
