(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-5f.js"]={"γ_c":"l}/`/nb/`/","γ_cx":"l}/j/pb/"};
