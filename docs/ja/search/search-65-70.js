(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-70.js"]={"epoch":"gc'c'''eb'~e'","epochs":"ia+bb+qn/","eps":"}lC++ma+da7+`++ad++"};
