(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-31.js"]={"71":"pq;gy/y{/","716":"qsa/"};
