(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-77.js"]={"kwargs":"ve+d+a++pe7`+"};
