(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-211d.js"]={"ℝ":"uvG","ℝ²":"mn/"};
