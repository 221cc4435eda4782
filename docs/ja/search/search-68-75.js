(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-75.js"]={"hutter":[349,16]};
