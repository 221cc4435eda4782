(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-70.js"]={"epoch":"ia/{a3c3'3eb'~e'","epochs":"ia7/ab+zd/ti;","eps":"}lC++ma+da7+`++ad++"};
