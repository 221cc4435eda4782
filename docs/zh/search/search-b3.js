(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-b3.js"]={"³":"mn;gi;bd/np/uf/"};
