(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-6e.js"]={"ln65":[2,16,412,16,107,16],"lnv":[2,16]};
