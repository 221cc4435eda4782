(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-64.js"]={"odd":"qcb'''"};
