(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b3.js"]={"³":"|m;fh;bd/np/uf/"};
