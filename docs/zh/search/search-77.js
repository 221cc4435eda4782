(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77.js"]={"w":"hf++t+mi//a/nd/l/b/l'l'|k'mWw'tb++ma++jb++y;`/db+wb'bb'zb/"};
