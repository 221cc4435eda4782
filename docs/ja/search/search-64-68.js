(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-68.js"]={"dhariwal":"gia/","dhat":"lna/","dhatisnp":"lna/"};
