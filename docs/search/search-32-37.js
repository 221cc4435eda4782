(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-37.js"]={"27":"yz/~GikGug/`r/","276":"vw;","277":"|~a/","278":"}oa/"};
