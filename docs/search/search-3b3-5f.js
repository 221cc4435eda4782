(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-5f.js"]={"γ_c":"`ba/`/nb/`/","γ_cx":"`ba/j/pb/"};
