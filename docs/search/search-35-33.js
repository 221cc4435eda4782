(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-33.js"]={"53":"uf;|~Gxj/","539":"k}a/"};
