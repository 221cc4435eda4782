(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-76.js"]={"mv":[321,4,25,4]};
