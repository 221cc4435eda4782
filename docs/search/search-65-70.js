(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-70.js"]={"epoch":"j/{a3c3'3eb'vd'","epochs":"j7/ab+dd/sf;","eps":"}iC++ga+y7+`++zb++"};
