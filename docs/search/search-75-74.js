(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-74.js"]={"utilities":"/}o/~p0$$$$$$","utils":"pe+"};
