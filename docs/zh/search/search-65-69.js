(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-69.js"]={"einsum":"`m+ue+k+b/ze+}++"};
