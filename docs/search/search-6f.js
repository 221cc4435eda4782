(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f.js"]={"o":[549,16]};
