(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-31.js"]={"31":"uf/fia;|n;ac/`b/","310":"jlaG","312":"{l/"};
