(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-77.js"]={"kwargs":"qq+d+a++jq7`+"};
