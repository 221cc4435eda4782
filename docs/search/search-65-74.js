(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-74.js"]={"et":"mn/xj/bt/va//{e/","eta":"ca+b+j+pe+a+h++"};
