(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34.js"]={"4":"a/ml/wSx//c/z/naSac/ya/ea;m/"};
