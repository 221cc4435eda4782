(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-68.js"]={"zh":"`/","zhang":"hy/oa/tf/","zhilin":"dgb/","zhu":"uv/"};
