(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-77.js"]={"kwargs":"eu+d+a++{r7`+"};
