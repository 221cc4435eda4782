(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-68.js"]={"zhilin":"pba/"};
