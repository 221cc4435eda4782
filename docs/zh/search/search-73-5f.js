(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-5f.js"]={"s_ijbh":"kx/"};
