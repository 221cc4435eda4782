(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-6e.js"]={"ln":"vw;oaS`/b/Gf/`/`/kT$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$","ln65":"wh/uha/bd/","lnv":"wh/oq/"};
