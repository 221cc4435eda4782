(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-63.js"]={"occur":"}oa/g/","occurred":"uj/","occurs":"z{/"};
