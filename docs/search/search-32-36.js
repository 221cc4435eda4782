(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-36.js"]={"26":"yka/tv/","260":"j{/","262":"j{;ila;","264":"j{/","265":"j{/","266":"j{;","267":"uf;"};
