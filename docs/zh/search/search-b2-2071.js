(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b2-2071.js"]={"²ⁱ":"`cbSo;S"};
