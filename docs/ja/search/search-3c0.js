(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c0.js"]={"π_θ":"xja/a/o;d/a//s/`/","π_θ_old":"xja;a/"};
