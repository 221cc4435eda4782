(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-5f.js"]={"p_θ":"`a/"};
