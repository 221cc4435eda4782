(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-69.js"]={"eigh":"`g+","eigvalsh":"ag+","einsum":"md+`+mma+jg+k+m/qh+}c++"};
