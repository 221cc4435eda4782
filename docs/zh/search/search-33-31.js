(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-31.js"]={"31":"uf/yla;|n;ac/`b/","310":"}oaG","312":"~o/"};
