(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75.js"]={"u":[713,32,77,16,16,24,7,24]};
