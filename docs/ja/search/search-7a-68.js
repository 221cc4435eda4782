(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-68.js"]={"zh":"`/","zhang":"{|/oa/tf/","zhilin":"wjb/","zhu":"iz/"};
