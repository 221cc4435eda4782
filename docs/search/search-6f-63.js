(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-63.js"]={"occurred":"tb/"};
