(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-61.js"]={"table":[217,4,7,4,520,4,12,4],"tanh":[527,16]};
