(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-68.js"]={"dhariwal":"xja/","dhat":"}oa/","dhatisnp":"}oa/"};
