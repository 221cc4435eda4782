(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-33.js"]={"63":"uf;pr/~;ik/ug/`r/","632":"lna/","635":"k}a/"};
