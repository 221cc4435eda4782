(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77.js"]={"w":"hk'cWw'aa'ya'mb/"};
