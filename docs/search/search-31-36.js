(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-36.js"]={"16":"gd'ad/tb/'a'yf;bd/ac;rd/s/"};
