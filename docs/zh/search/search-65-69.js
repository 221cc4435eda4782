(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-69.js"]={"einsum":[404,8,178,8,13,8,4,16,183,8,31,8,1,8]};
