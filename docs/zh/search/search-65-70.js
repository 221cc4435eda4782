(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-70.js"]={"epoch":"j;/za3c3'3eb'{a/xb'xc/","epochs":"j+bb+yj/","eps":"}iC++ga+y7+`++zb++"};
