(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-61.js"]={"gate":"fu'd'n'","gated":"fu'c''a'k'"};
