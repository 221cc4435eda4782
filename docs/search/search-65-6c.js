(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-6c.js"]={"element":"{i/af;/qi/","else":"a/}q/","elsewhere":"zh/"};
