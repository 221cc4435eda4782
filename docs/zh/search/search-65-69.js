(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-69.js"]={"einsum":"~p+jg+k+m/kg+pa++"};
