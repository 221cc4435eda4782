(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2071.js"]={"ⁱ":"~`aS"};
