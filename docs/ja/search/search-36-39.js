(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-39.js"]={"69":"uf/ug/","692":"}oa/|n/","697":"{l/"};
