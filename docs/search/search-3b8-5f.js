(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8-5f.js"]={"θ_old":"mka/"};
