(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-70.js"]={"epoch":"ia;/za3c3'3eb'rb/jc'hf/","epochs":"ia+bb+qn/","eps":"}lC++ma+da7+`++ad++"};
