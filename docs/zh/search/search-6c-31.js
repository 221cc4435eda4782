(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-31.js"]={"l1":"yga'"};
