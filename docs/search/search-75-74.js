(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-74.js"]={"utilities":"/il/zl0$$$$$$","utils":"qd+"};
