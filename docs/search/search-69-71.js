(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-71.js"]={"iq":"`cb/"};
