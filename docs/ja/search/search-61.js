(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61.js"]={"a":"uaS//zb+ha+{+`+`+xb/rb/{l;u/"};
