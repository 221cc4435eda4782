(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"you":"zi/pa0$$$$$$$$$$$$$$$$$$$$$$$$$$$/}/rb/w/ha/ua/lb/s/"};
