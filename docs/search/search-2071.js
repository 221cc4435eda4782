(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2071.js"]={"ⁱ":"aq;c;{b;a/aS`iSi//e;;pgaS"};
