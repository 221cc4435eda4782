(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-70.js"]={"dpi":[249,8,493,8]};
