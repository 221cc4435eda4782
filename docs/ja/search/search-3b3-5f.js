(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-5f.js"]={"γ_c":"z{/`/nb/`/","γ_cx":"z{/j/pb/"};
