(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-68.js"]={"zh":"`/","zhang":"vw/oa/tf/","zhilin":"reb/","zhu":"du/"};
