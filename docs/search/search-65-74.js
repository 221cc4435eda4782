(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-74.js"]={"et":"|m/wi/bt/va//{e/","eta":"ca+b+j+pe+a+i++"};
