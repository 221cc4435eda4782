(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-75.js"]={"wu":"hy/bd/vx/"};
