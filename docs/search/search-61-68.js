(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-68.js"]={"ahead":"xja/~;wi/","ahmed":"op/|oa/"};
