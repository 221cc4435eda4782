(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"you":"/yi/pa0$$$$$$$$$$$$$$$$$$$$$$$$$$$/};rb/w/ha/da/o/aa/ia/s/"};
