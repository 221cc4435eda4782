(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3-2090.js"]={"σₐ":"}f;`;/","σₐς_b":"}f;a/"};
