(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34.js"]={"4":"`a/mo/oaSx//c/z/ca/~Scd/ya/ta;m/"};
