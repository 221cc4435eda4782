(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77.js"]={"w":"hf++t+am//a/`f/l/b/l'l'|k'mWw'tb++ma++jb++y;`/db+wb'bb'zb/"};
