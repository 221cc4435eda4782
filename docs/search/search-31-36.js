(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-36.js"]={"16":[102,4,105,16,67,16,1,4,3,4,136,32,107,16,78,32,114,16,21,16]};
