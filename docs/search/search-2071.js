(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2071.js"]={"ⁱ":"}m;c;{b;a/aSohSi//e;;pgaS"};
