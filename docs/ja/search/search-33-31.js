(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-31.js"]={"31":"uf/tga;|n;ac/`b/","310":"xjaG","312":"kl/"};
