(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-70.js"]={"epoch":"hb'c'''eb'vd'","epochs":"j+bb+yj/","eps":"}iC++ga+y7+`++zb++"};
