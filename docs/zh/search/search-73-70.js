(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-70.js"]={"sparse":[342,4],"splitlines":[220,8]};
