(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-74.js"]={"eta":"ca+b+j+pe+a+h++"};
