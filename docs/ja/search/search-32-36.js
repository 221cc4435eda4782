(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-36.js"]={"26":"fha/tv/","260":"vw/","262":"vw;ila;","264":"vw/","265":"vw/","266":"vw;","267":"uf;"};
