(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-69.js"]={"pip":[231,16,183,16]};
