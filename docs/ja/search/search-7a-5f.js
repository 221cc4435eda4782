(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-5f.js"]={"z_x":"ona/"};
