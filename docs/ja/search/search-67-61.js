(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-61.js"]={"gate":"ap'd'n'","gated":"ap'c''a'k'"};
