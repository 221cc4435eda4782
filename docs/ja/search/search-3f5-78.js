(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3f5-78.js"]={"ϵx":"jq/"};
