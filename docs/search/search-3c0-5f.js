(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c0-5f.js"]={"π_θ":"gia/a/o;d/a//s/`/","π_θ_old":"gia;a/"};
