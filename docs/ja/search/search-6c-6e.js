(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-6e.js"]={"ln":"hy;oaS`/b/Gf/`/`/kT$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$","ln65":"ij/uha/bd/","lnv":"ij/oq/"};
