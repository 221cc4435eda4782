(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2071.js"]={"ⁱ":"mm;c;{b;a/aSngSi//e;;pgaS"};
