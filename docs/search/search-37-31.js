(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-31.js"]={"71":"|m;uw/y{/","716":"lna/"};
