(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-2080.js"]={"h₀":"gxa/"};
