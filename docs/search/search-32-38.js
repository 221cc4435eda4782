(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-38.js"]={"28":"k|;gi/ug/","281":"iz/","285":"xja/","286":"lna/","289":"k}a/"};
