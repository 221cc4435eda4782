(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b2-2071.js"]={"²ⁱ":[760,64,12,32,1,64]};
