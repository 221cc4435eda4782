(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-68.js"]={"dhariwal":"lna/","dhat":"qsa/","dhatisnp":"qsa/"};
