(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-6d.js"]={"tmp":[197,8,1,8,40,8,45,8,469,8]};
