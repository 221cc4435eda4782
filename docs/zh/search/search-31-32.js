(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-32.js"]={"12":[521,32,192,32],"120":[207,16],"127":[0,16],"128":[414,64,107,64,192,32]};
