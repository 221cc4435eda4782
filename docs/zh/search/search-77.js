(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77.js"]={"w":[350,4,5,68,25,4,34,4,58,4,77,16]};
