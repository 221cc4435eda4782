(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b3.js"]={"³":"pq;wi;bd/np/uf/"};
