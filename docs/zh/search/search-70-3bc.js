(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-3bc.js"]={"pμ_b":"xy/n/"};
