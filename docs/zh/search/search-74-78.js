(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-78.js"]={"txt":"~g/dn/ug/"};
