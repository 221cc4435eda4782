(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-77.js"]={"kwargs":[178,8,6,8,3,8,1,8,173,24,2,8]};
