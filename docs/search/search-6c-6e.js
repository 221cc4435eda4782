(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-6e.js"]={"ln":"{|;oaS`/b/Gf/`/`/kT$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$","ln65":"wh/zma/bd/","lnv":"wh/tv/"};
